/** Import rules checked in `npm test` (npm run check:imports). */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle hides which module depends on which; a shared rule belongs in a room of its own (docs/architecture.md).',
      from: { pathNot: '^app/routeTree\\.gen\\.ts$' },
      to: { circular: true, viaOnly: { pathNot: '^app/routeTree\\.gen\\.ts$' } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
}
