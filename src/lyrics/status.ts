/**
 * AI lyric task status (spec 000 section 4 "AI task status"): the numeric states and
 * the rules that derive the status of an audio file and of a folder in the work's
 * track tree. Pure: shared by the server, the web UI and the TUI.
 */

/** 0 none (invalid), 1 pending, 2 transcribing, 3 success, 4 error. */
export const TaskStatus = {
  NONE: 0,
  PENDING: 1,
  TRANSCRIBING: 2,
  SUCCESS: 3,
  ERROR: 4,
} as const;
export type TaskStatusValue = (typeof TaskStatus)[keyof typeof TaskStatus];

/** True for a number that is one of the five statuses. */
export function isTaskStatus(n: unknown): n is TaskStatusValue {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 4;
}

/**
 * Merges several statuses into one (spec 000 section 4):
 * transcribing beats pending, which beats the rest; then for an audio file
 * (`kind` 'audio', several tasks of one file) success beats error, for a folder
 * (`kind` 'folder', its children) error beats success. No statuses (or only none) gives none.
 */
export function mergeTaskStatus(statuses: readonly number[], kind: 'audio' | 'folder'): TaskStatusValue {
  const has = (s: number) => statuses.includes(s);
  if (has(TaskStatus.TRANSCRIBING)) return TaskStatus.TRANSCRIBING;
  if (has(TaskStatus.PENDING)) return TaskStatus.PENDING;
  const [first, second] = kind === 'audio' ? [TaskStatus.SUCCESS, TaskStatus.ERROR] : [TaskStatus.ERROR, TaskStatus.SUCCESS];
  if (has(first)) return first;
  if (has(second)) return second;
  return TaskStatus.NONE;
}

/** While the overall status is pending or transcribing the tree polls (every 10 s); otherwise it stops. */
export function shouldPollTasks(overall: number): boolean {
  return overall === TaskStatus.PENDING || overall === TaskStatus.TRANSCRIBING;
}

/** Retry is offered when the status is pending or above. */
export function canRetryTask(status: number): boolean {
  return status >= TaskStatus.PENDING;
}

/** What the tree needs of a task: the audio file it belongs to and its status. */
export interface TreeTask { hash: string; status: number }
/** A tree node as GET /api/tracks/:id answers it (only the fields used here). */
export interface StatusTreeNode { type: string; hash?: string; children?: StatusTreeNode[] }
/** A node with its derived AI status and, for audio, its tasks. */
export type WithTaskStatus<N extends StatusTreeNode, T> = Omit<N, 'children'> & {
  status: TaskStatusValue;
  tasks: T[];
  children?: WithTaskStatus<N, T>[];
};

/**
 * Annotates a track tree with AI task statuses (spec 000 section 2 "Work detail": the
 * circular badge on items above none). An audio node gets the tasks whose hash is its
 * hash and mergeTaskStatus(.., 'audio'); a folder gets mergeTaskStatus of its children
 * with 'folder'; other nodes get none. Returns the new nodes and the overall status
 * (the folder rule over the top level), which decides polling (shouldPollTasks).
 */
export function withTaskStatus<N extends StatusTreeNode, T extends TreeTask>(nodes: readonly N[], tasks: readonly T[]): { nodes: WithTaskStatus<N, T>[]; status: TaskStatusValue } {
  const byHash = new Map<string, T[]>();
  for (const t of tasks) byHash.set(t.hash, [...(byHash.get(t.hash) ?? []), t]);
  const walk = (list: readonly StatusTreeNode[]): { nodes: WithTaskStatus<N, T>[]; status: TaskStatusValue } => {
    const out = list.map((node): WithTaskStatus<N, T> => {
      if (node.type === 'folder') {
        const inner = walk(node.children ?? []);
        return { ...(node as Omit<N, 'children'>), children: inner.nodes, status: inner.status, tasks: [] };
      }
      const own = node.type === 'audio' && node.hash ? byHash.get(node.hash) ?? [] : [];
      return { ...(node as Omit<N, 'children'>), status: mergeTaskStatus(own.map((t) => t.status), 'audio'), tasks: own };
    });
    return { nodes: out, status: mergeTaskStatus(out.map((n) => n.status), 'folder') };
  };
  return walk(nodes);
}
