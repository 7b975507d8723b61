import { Navigate } from 'react-router-dom';

/**
 * /plans: the spec links here (My Collection's empty Assinaturas tab) but shows no screen of its own; the
 * plans are the landing page's pricing section, which scrolls into view for `#pricing`.
 */
export function Component() {
  return <Navigate to="/#pricing" replace />;
}
