/**
 * Mantine's global styles, in the order Mantine documents for per-component imports: baseline,
 * CSS variables, global styles. Components import their own stylesheet next to their use
 * (`@mantine/core/styles/<Component>.css`), never the whole `styles.css`.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// Used by components of several files (buttons inside notifications, alerts, menus).
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
