/** A free port for a server another process starts: scripts/lib/ports.mjs (below the ephemeral range). */
export { freePort } from '../../../scripts/lib/ports.mjs';
