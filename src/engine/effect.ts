// What a command does to the world; decides parallel safety, default permission and door annotations.
// A leaf: the permission rules name it without importing the command contract.
export type Effect = 'read' | 'write' | 'destructive' | 'exec' | 'vcs';
