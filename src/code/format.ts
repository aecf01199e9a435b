// Compact text for symbol lists: one line per symbol, indented by depth.
import type { CodeSymbol } from './outline.js';

export function symbolLine(symbol: Pick<CodeSymbol, 'namePath' | 'kind' | 'startLine' | 'endLine' | 'signature'>): string {
  const lines = symbol.startLine === symbol.endLine ? `${symbol.startLine}` : `${symbol.startLine}-${symbol.endLine}`;
  return `${symbol.namePath} ${symbol.kind} ${lines}: ${symbol.signature}`;
}

export function formatSymbolTree(symbols: readonly CodeSymbol[], depth = 0): string {
  const out: string[] = [];
  for (const symbol of symbols) {
    out.push(`${'  '.repeat(depth)}${symbolLine(symbol)}`);
    if (symbol.children.length > 0) out.push(formatSymbolTree(symbol.children, depth + 1));
  }
  return out.join('\n');
}
