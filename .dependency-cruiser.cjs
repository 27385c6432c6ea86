/**
 * The layering of pressbridge, checked by `npm run lint` (dependency-cruiser). The flow is
 * webhook → queue → pipeline → publisher (plugins) → hand-in; each rule below says which way imports may run.
 */
/**
 * What a plugin may import from src/: its contract and kit, the renderer (through src/render/index.ts only: the
 * rule plugins-see-render-through-its-index), errors, clock and time zones.
 */
const PLUGIN_CONTRACT = [
  '^src/publisher/',
  '^src/render/',
  '^src/errors\\.ts$',
  '^src/clock\\.ts$',
  '^src/time-zone\\.ts$',
];

/**
 * Leaf utilities of src/: they import nothing of src/ but each other, so the plugin kit may hand them on to
 * plugins without handing on any daemon or marketplace module. The error hierarchy (src/errors.ts, which imports
 * nothing) is one, so that the capped body reader (src/http-body.ts) can throw its error.
 */
const SHARED_LEAVES =
  '^src/(concurrency|errors|http-body|http-limits|redact|version|network-reason|time-zone)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No module may import itself back through others.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'plugins-see-only-their-contract',
      severity: 'error',
      comment:
        'A plugin (plugins/<name>/) imports only its contract (src/publisher), the renderer through src/render/index.ts, ' +
        'the errors (src/errors.ts) and the clock/time modules (src/clock.ts, src/time-zone.ts); npm packages ' +
        'and its own files are fine.',
      from: { path: '^plugins/' },
      to: {
        path: '^src/',
        pathNot: PLUGIN_CONTRACT,
      },
    },
    {
      name: 'plugins-see-render-through-its-index',
      severity: 'error',
      comment:
        'src/render/index.ts is what a plugin may use of the renderer (the Article, escaping, plain HTML); the ' +
        "rest of src/render is the renderer's own, free to change. A target's markup lives in its plugin.",
      from: { path: '^plugins/' },
      to: { path: '^src/render/', pathNot: '^src/render/index\\.ts$' },
    },
    {
      name: 'render-is-target-free',
      severity: 'error',
      comment: "src/render knows no publisher and no plugin: target markup is the plugin's own.",
      from: { path: '^src/render/' },
      to: { path: ['^plugins/', '^src/publisher/'] },
    },
    {
      name: 'kit-hands-on-no-daemon-module',
      severity: 'error',
      comment:
        'The plugin kit (src/publisher/kit/) uses only the contract, the renderer and the leaf utilities of src/ ' +
        '(SHARED_LEAVES): no daemon or marketplace module reaches a plugin through it.',
      from: { path: '^src/publisher/kit/' },
      to: { path: '^src/', pathNot: ['^src/publisher/', '^src/render/', SHARED_LEAVES] },
    },
    {
      name: 'shared-leaves-stay-leaves',
      severity: 'error',
      comment:
        'The leaf utilities the kit hands on import nothing of src/ but each other (else the kit would hand that ' +
        'on too).',
      from: { path: SHARED_LEAVES },
      to: { path: '^src/', pathNot: SHARED_LEAVES },
    },
    {
      name: 'render-does-no-io',
      severity: 'error',
      comment: 'src/render is pure: no file system, network, HTTP client or Redis.',
      from: { path: '^src/render/' },
      to: {
        path: [
          '^(node:)?(fs|fs/promises|net|http|https|http2|dgram|tls|child_process)$',
          '^src/redis/',
          'node_modules/(ioredis|bullmq|undici|node-fetch|axios|got)/',
        ],
      },
    },
    {
      name: 'webhook-never-imports-pipeline',
      severity: 'error',
      comment: 'The intake verifies and queues; the pipeline runs in the worker.',
      from: { path: '^src/webhook/' },
      to: { path: '^src/pipeline/' },
    },
    {
      name: 'marketplace-knows-no-plugin',
      severity: 'error',
      comment: 'The marketplace client knows nothing of where articles are published.',
      from: { path: '^src/marketplace/' },
      to: { path: ['^plugins/', '^src/publisher/'] },
    },
    {
      name: 'sandbox-apart-from-marketplace-client',
      severity: 'error',
      comment: 'The sandbox plays the marketplace from its own API document, not from our client code.',
      from: { path: '^src/sandbox/' },
      to: { path: '^src/marketplace/' },
    },
    {
      name: 'deals-are-the-domain',
      severity: 'error',
      comment:
        'The deal domain (lifecycle, verdict, record, store, events, the shapes the record stores) knows nothing of ' +
        'who uses it: the queue, the pipeline, the composition root and the subscribers (metrics, notify, the ' +
        'watcher, the status page, the evidence, the money) depend on it, not the reverse. An allow-list, so a new ' +
        'subscriber is caught without a new line here: of src/ it imports itself, the clock, errors, logger, ' +
        "redaction, the Redis Lua runner and the marketplace's contract and wire reading (api.ts, schema.ts, " +
        'deadline.ts).',
      from: { path: '^src/deals/' },
      to: {
        path: '^src/',
        pathNot: [
          '^src/deals/',
          '^src/(clock|errors|logger|redact)\\.ts$',
          '^src/redis/lua-script\\.ts$',
          '^src/marketplace/(api|schema|deadline)\\.ts$',
        ],
      },
    },
    {
      name: 'queue-is-plumbing',
      severity: 'error',
      comment:
        'The queue is BullMQ plumbing: it asks the marketplace nothing and knows none of its types (the pipeline ' +
        'asks, through its port; the deal domain owns the shapes the job carries) and writes no deal state (the ' +
        'pipeline runner settles the record). An allow-list: of src/ it imports itself, the deal domain, the ' +
        "pipeline's port, errors, logger, the Redis client and its outage reading, and the money the record gets at " +
        'deal.accepted.',
      from: { path: '^src/queue/' },
      to: {
        path: '^src/',
        pathNot: [
          '^src/queue/',
          '^src/deals/',
          '^src/pipeline/port\\.ts$',
          '^src/(errors|logger)\\.ts$',
          '^src/redis/(client|outage)\\.ts$',
          '^src/money/paid\\.ts$',
        ],
      },
    },
    {
      name: 'only-the-cli-imports-commands',
      severity: 'error',
      comment:
        "src/commands/ is the command line's shell (argument handling and printing): only src/cli.ts imports it. " +
        'What a command shares with a page or the daemon (a check, a doctor run, webhook registration) lives ' +
        'below both, in its own module.',
      from: { path: '^src/', pathNot: ['^src/cli\\.ts$', '^src/commands/'] },
      to: { path: '^src/commands/' },
    },
    {
      name: 'only-the-roots-import-app',
      severity: 'error',
      comment:
        "src/app/ is the daemon's shell (its HTTP app, its services in order, setup mode): only the composition " +
        'roots import it, src/main.ts and the demo (src/demo.ts). What others share with it lives below it.',
      from: { path: '^src/', pathNot: ['^src/main\\.ts$', '^src/demo\\.ts$', '^src/app/'] },
      to: { path: '^src/app/' },
    },
    {
      name: 'pipeline-does-not-import-queue',
      severity: 'error',
      comment:
        'The queue calls the pipeline through its port (src/pipeline/port.ts); the pipeline knows no BullMQ.',
      from: { path: '^src/pipeline/' },
      to: { path: ['^src/queue/', 'node_modules/bullmq/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    builtInModules: { add: [] },
  },
};
