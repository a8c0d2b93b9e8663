// Invoker commands (HTML: `commandfor` and `command` on a button; Chromium 135+, Firefox 144+,
// Safari 26.2+) are not in @types/react yet; React passes lowercase attributes through as they are.
import 'react';

declare module 'react' {
  interface ButtonHTMLAttributes<T> extends HTMLAttributes<T> {
    /** The id of the element the button commands (e.g. a <dialog>). */
    commandfor?: string | undefined;
    /** What the button does to it: 'show-modal', 'close', 'request-close', … */
    command?: 'show-modal' | 'close' | 'request-close' | 'show-popover' | 'hide-popover' | 'toggle-popover' | undefined;
  }
}
