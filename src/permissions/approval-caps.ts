// At most this many diff lines per file and in all in an approval question; the rest is counted, never silently
// dropped. A diff cut by these caps cannot be approved by a person (red team R16-4: "once" approved the lines
// nobody saw), so they are set for an ordinary edit to be shown whole (a new 1,000-line file, a multi-file
// refactor), and every door shows every line it is given (the agent TUI wraps, never cuts; the CLI prompt and
// MCP elicitation print it whole). A module of its own: the gate names them without loading the diff library.
export const FILE_LINES = 1000;
export const TOTAL_LINES = 2000;
