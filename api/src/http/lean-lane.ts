/**
 * The lean lane: a few hot JSON calls answered without Express's application and router. Every chat
 * message is a POST message/create (the relay forwards each one), and Express's per-request machinery
 * (request/response prototypes, the nested routers' matching) costs about as much as the write itself.
 *
 * Nothing else differs: a lean call runs the same middleware instances the Express app mounts (helmet,
 * the request log, compression, the JSON body parser, the token lookup), then the same route function,
 * and answers with the same envelope and errors (`errorAnswer`). The lane takes a request only when
 * its method and URL name a lean call exactly and its body is JSON; everything else (an image upload
 * in multipart, a query string, another content type) goes to `next` untouched.
 *   createServer(responseCache.wrap(leanLane({ calls, middleware, logger }, app)))
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { ok } from './envelope';
import { errorAnswer } from './error-handler';

/** A connect-style middleware that uses only node's request and response, as the ones mounted in Express do. */
export type LaneMiddleware = (req: Request, res: Response, next: (err?: unknown) => void) => unknown;

export interface LeanLaneOptions {
  /** 'POST /api/message/create' → the route function answering with the `data` of the envelope. */
  calls: Record<string, (req: Request) => Promise<unknown>>;
  /** Run in order before the call, exactly as the Express app runs them for that path. */
  middleware: LaneMiddleware[];
  logger: Logger;
}

function isJson(req: IncomingMessage): boolean {
  const type = req.headers['content-type'];
  return type !== undefined && /^application\/json\s*(;|$)/i.test(type);
}

/** Runs one middleware: resolves on next(), rejects on next(err), a throw or a rejected promise. */
function run(middleware: LaneMiddleware, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    let called = false;
    const next = (err?: unknown) => {
      called = true;
      if (err) reject(err);
      else resolve();
    };
    try {
      const result = middleware(req, res, next);
      if (result instanceof Promise)
        result.catch((err: unknown) => {
          // after next() the request has moved on: log it rather than lose it
          if (called) req.log?.error({ err }, 'middleware failed after it called next()');
          else reject(err);
        });
    } catch (err) {
      reject(err);
    }
  });
}

/** What Express's `res.status(status).json(body)` sends (no ETag: the app disables it). */
function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const json = Buffer.from(JSON.stringify(body));
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', String(json.length)); // as Express sets it (a string: the same in logs)
  res.end(json);
}

export function leanLane(options: LeanLaneOptions, next: RequestListener): RequestListener {
  const calls = new Map(Object.entries(options.calls));
  return (req, res) => {
    const call = calls.get(`${req.method} ${req.url}`);
    if (!call || !isJson(req)) {
      next(req, res);
      return;
    }
    // the middleware and the route read only what node's request carries (headers, body stream) and
    // add their own fields (body, user, log), as they do under Express
    const request = req as Request;
    const response = res as Response;
    // what Express's request has for this URL (the request log prints both)
    request.query = {};
    request.params = {};
    const answer = async () => {
      for (const middleware of options.middleware) await run(middleware, request, response);
      return call(request);
    };
    answer()
      .then(
        (data) => sendJson(res, 200, ok(data)),
        (err: unknown) => {
          if (res.headersSent) {
            res.destroy();
            return;
          }
          const failure = errorAnswer(err, request.log ?? options.logger);
          sendJson(res, failure.status, failure.body);
        },
      )
      // sending itself failed (cannot happen with today's answers): end the exchange, keep the process
      .catch((err: unknown) => {
        (request.log ?? options.logger).error({ err }, 'lean lane could not answer');
        res.destroy();
      });
  };
}
