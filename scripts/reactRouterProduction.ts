import type { Plugin } from 'vite';

/**
 * react-router's package exports name only its development build (remix-run/react-router
 * #12532, #14102), so a production bundle carries its dev warnings and the checks that feed
 * them. The build takes the production build beside it, which differs in that one switch
 * (`ENABLE_DEV_WARNINGS`); the minifier then drops the warnings: 0.46 kB gzip off the main
 * chunk, on the critical path of every tab.
 */
export function reactRouterProduction(): Plugin {
  return {
    name: 'pegel-react-router-production',
    // Before Vite's own resolver, which would answer with the development build.
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (source !== 'react-router') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      return { ...resolved, id: resolved.id.replace('/dist/development/', '/dist/production/') };
    },
  };
}
