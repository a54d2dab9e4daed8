/** Promises a test settles by hand, for code that waits on a fetch or a dynamic import. */

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * A stand-in for `() => import('./module.ts')`: every call starts one load, kept in `loads`
 * in call order, that the test resolves with the module or rejects as a failed fetch.
 */
export function deferredImport<T>(): { load: () => Promise<T>; loads: Deferred<T>[] } {
  const loads: Deferred<T>[] = [];
  const load = () => {
    const next = deferred<T>();
    loads.push(next);
    return next.promise;
  };
  return { load, loads };
}
