/** A throwaway redis-server on a free port: `const r = await startRedis(); r.url; await r.stop();` */
export function startRedis(): Promise<{ url: string; port: number; stop(): Promise<void> }>;
