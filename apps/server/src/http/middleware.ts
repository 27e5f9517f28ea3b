import { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { type Logger } from "pino";
import { MAX_PAYLOAD_DEPTH, nestsDeeperThan } from "../protocol/payload-depth.js";
import { checkRequestHost, type HostPolicy } from "./hosts.js";
import { checkRequestOrigin } from "./origins.js";

/** A name this server does not go by (DNS rebinding's shape) gets nothing: no page, API or metrics. */
export function knownHostsOnly(hosts: HostPolicy): RequestHandler {
  return (req, res, next) => {
    const check = checkRequestHost(req, hosts);
    if (check.ok) {
      next();
      return;
    }
    res.status(421).json({ ok: false, code: "forbidden", message: check.reason });
  };
}

/**
 * The web app's proxy adds the pages' Content-Security-Policy; the server's own answers (JSON, metrics)
 * get one that allows nothing (the other security headers are set on every answer).
 */
export const lockedDown: RequestHandler = (_req, res, next) => {
  res.setHeader("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  next();
};

/** The same depth limit as the sockets' (protocol/payload-depth.ts), before any handler walks the body. */
export const bodyDepthLimit: RequestHandler = (req, res, next) => {
  if (!nestsDeeperThan(req.body, MAX_PAYLOAD_DEPTH)) {
    next();
    return;
  }
  res.status(400).json({
    ok: false,
    code: "invalid-payload",
    message: `the body nests deeper than ${MAX_PAYLOAD_DEPTH} levels`,
  });
};

/** CORS for the listed origins; a request that changes something must come from here or one of them. */
export function crossOrigin(allowedOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin !== undefined && allowedOrigins.includes(origin)) {
      res.setHeader("Access-Control-Allow-Origin", origin);
      res.setHeader("Access-Control-Allow-Headers", "content-type, authorization");
      res.setHeader("Access-Control-Allow-Credentials", "true");
      res.setHeader("Vary", "Origin");
    }
    if (req.method === "OPTIONS") {
      res.sendStatus(204);
      return;
    }
    // A page on another site must not act for the user.
    if (req.method !== "GET" && req.method !== "HEAD") {
      const check = checkRequestOrigin(req, allowedOrigins);
      if (!check.ok) {
        res.status(403).json({ ok: false, code: "forbidden", message: check.reason });
        return;
      }
    }
    next();
  };
}

export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json({ ok: false, code: "not-found", message: "no such route" });
};

/** Any handler's failure as a JSON refusal; only a server fault (5xx) is logged, and no stack leaves. */
export function jsonErrors(logger: Logger) {
  return (error: unknown, _req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const status =
      typeof error === "object" && error !== null && "status" in error && typeof error.status === "number"
        ? error.status
        : 500;
    if (status >= 500) logger.error({ err: error }, "http handler failed");
    res.status(status).json({
      ok: false,
      code: status === 413 ? "payload-too-large" : status < 500 ? "invalid-payload" : "internal",
      message: status < 500 ? "bad request" : "internal error",
    });
  };
}
