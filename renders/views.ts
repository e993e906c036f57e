// The six canonical views: fixed rotations of the front view about the centre of what is
// shown, as docs/tasks.md lists them. A view after a transform applies the
// transform first, then the view's rotation.
import type { Command } from './commands.ts';

export const VIEW_NAMES = ['front', 'left', 'top', 'back', 'right', 'bottom'] as const;
export type ViewName = (typeof VIEW_NAMES)[number];

const VIEW_COMMANDS: Record<ViewName, Command[]> = {
  front: [],
  left: [{ kind: 'roll', axis: 'y', amount: 90 }],
  top: [{ kind: 'roll', axis: 'x', amount: 90 }],
  back: [{ kind: 'roll', axis: 'y', amount: 180 }],
  right: [{ kind: 'roll', axis: 'y', amount: -90 }],
  bottom: [{ kind: 'roll', axis: 'x', amount: -90 }],
};

export function isViewName(v: string): v is ViewName {
  return (VIEW_NAMES as readonly string[]).includes(v);
}

/** The commands that turn the front view into `view`. */
export function viewCommands(view: ViewName): Command[] {
  return VIEW_COMMANDS[view].map((c) => ({ ...c }));
}
