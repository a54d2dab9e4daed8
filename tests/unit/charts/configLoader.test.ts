import { describe, expect, it } from 'vitest';
import { KeyedLoader } from '../../../workers/charts/configLoader.ts';
import { deferred } from '../../support/deferredImport.ts';

describe('SPEC §4 chart config and series config load states', () => {
  it('CL1: a load while loading is skipped and joins the call in flight', async () => {
    const calls: string[] = [];
    const d = deferred<string>();
    const loader = new KeyedLoader((key) => {
      calls.push(key);
      return d.promise;
    });
    expect(loader.state('7')).toEqual({ status: 'empty' });
    const first = loader.load('7');
    const second = loader.load('7');
    expect(loader.state('7')).toEqual({ status: 'loading' });
    expect(calls).toEqual(['7']);
    d.resolve('config 7');
    await Promise.all([first, second]);
    expect(loader.state('7')).toEqual({ status: 'ready', value: 'config 7' });
    expect(loader.value('7')).toBe('config 7');
  });

  it('CL2: a failure becomes the error state with its message', async () => {
    const loader = new KeyedLoader<string>(() => Promise.reject(new Error('HTTP 500')));
    await loader.load('x');
    expect(loader.state('x')).toEqual({ status: 'error', message: 'HTTP 500' });
    expect(loader.value('x')).toBeUndefined();
  });

  it('CL3: a ready key is not fetched again unless forced', async () => {
    let n = 0;
    const loader = new KeyedLoader((key) => Promise.resolve(`${key}:${++n}`));
    await loader.load('a');
    await loader.load('a');
    expect(loader.value('a')).toBe('a:1');
    await loader.load('a', { force: true });
    expect(loader.value('a')).toBe('a:2');
  });

  it('CL4: a result for a cleared key is dropped; listeners hear each change', async () => {
    const d = deferred<string>();
    const loader = new KeyedLoader(() => d.promise);
    const heard: string[] = [];
    const stop = loader.subscribe((key) => heard.push(`${key}:${loader.state(key).status}`));
    const p = loader.load('k');
    loader.clear('k');
    d.resolve('late');
    await p;
    expect(loader.state('k')).toEqual({ status: 'empty' });
    expect(heard).toEqual(['k:loading', 'k:empty']);
    stop();
    stop();
    await loader.load('k');
    expect(heard).toHaveLength(2);
  });
});
