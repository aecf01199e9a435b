export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'failed'] as const;

export type TaskStatus = (typeof TASK_STATUSES)[number];

export interface Task {
  // 1-based position in the plan.
  id: number;
  description: string;
  status: TaskStatus;
  error?: string;
}

export interface PlanSnapshot {
  tasks: Task[];
  // Id of the task the next tool calls work on, or null when there is no plan or everything is done.
  current: number | null;
  consecutiveFailures: number;
  needsReplan: boolean;
}
