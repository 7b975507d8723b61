// The whole app's stylesheet as a lazy dependency: pages other than the landing page, and the shell's
// lazily loaded panels, import this module (router.tsx, ChatPanel); the start bundle has shell.css only.
import './index.css';
