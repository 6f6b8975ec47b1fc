/** A free TCP port on 127.0.0.1 below the kernel's ephemeral range, for a server another process starts. */
export function freePort(): Promise<number>;
/** Resolves once something accepts connections on 127.0.0.1:port (or rejects after timeoutMs). */
export function waitForPort(port: number, timeoutMs?: number): Promise<void>;
