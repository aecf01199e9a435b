// The `codeward agent` command line of a token-benchmark session, shared by the replay and the recording.
export function agentArgs(dir, task, url) {
  return ['-C', dir, 'agent', '-p', task, '--provider', 'openai-compatible', '--model', 'replay', '--base-url', url, '--approval-mode', 'yolo', '--output-format', 'json', '--max-turns', '15'];
}
