import { createContext, type ReactNode } from 'react';

/**
 * What every open dialog shows above its body: the shell's notice that the session ended while
 * the page held input, with its 'Erneut anmelden'. On the page alone it lay under the dialog's
 * overlay, out of reach of mouse and keyboard (the dialog keeps the focus), so the only way on
 * was to close the dialog, and with it the input the notice promised to keep.
 */
export const ModalNoticeContext = createContext<ReactNode>(null);
