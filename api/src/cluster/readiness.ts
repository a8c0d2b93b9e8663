// What /api/health/ready asks besides the database (docs/scaling.md): Redis and the media store
// when they are configured, and whether the process is shutting down. server.ts fills it in.

export interface ReadinessCheck {
  name: string;
  /** Throws when the dependency does not answer; bounded by its own time-out. */
  check: () => Promise<void>;
}

export interface Readiness {
  checks: ReadinessCheck[];
  /** True from SIGTERM on: the balancer should send nothing new here. */
  draining: () => boolean;
}

/** A readiness probe's longest wait for any one dependency. */
export const READINESS_CHECK_TIMEOUT_MS = 2000;

/** Runs `check` within the probe's time-out. */
export function withinProbeTimeout(check: () => Promise<void>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${READINESS_CHECK_TIMEOUT_MS} ms`)), READINESS_CHECK_TIMEOUT_MS);
    timer.unref();
    check().then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
