/**
 * The categories step of /setup over real HTTP (issue 28 item 6), with the sandbox as the marketplace and a real
 * WordPress connected by a pasted Application Password: the page explains each way with one sentence and names
 * the direction (marketplace category → blog category), and lists the blog's categories as the marketplace has
 * them; a WordPress category given by name is refused with where the ids are, and nothing is kept; a mapping
 * from a marketplace number to a WordPress id is written as the plugin's `categories` option, with which the
 * daemon starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupMode } from '../../src/app/setup-mode.js';
import type { Daemon } from '../../src/app/types.js';
import { loadConfig } from '../../src/config/load.js';
import { useSandboxWorld } from '../helpers/sandbox-world.js';
import { createSetupClient, startTestSetupMode } from '../helpers/setup-client.js';

const TOKEN = 'categories-token-5521';

describe('/setup/categories (sandbox marketplace, real WordPress)', () => {
  const world = useSandboxWorld({
    dir: 'pb-setup-cat-',
    wordpress: { environment: 'local' },
    blog: { id: 1, name: 'Můj blog' },
  });
  let setup: SetupMode;
  let daemon: Daemon | undefined;

  beforeAll(async () => {
    setup = await startTestSetupMode({ dataDir: world.dir, token: TOKEN, daemonPrefix: world.prefix });
  });
  // Runs before the world's own afterAll (after-hooks run as a stack): all stops while the sandbox answers.
  afterAll(async () => {
    await setup?.close();
    await daemon?.close();
  });

  it('explains each way, refuses a WordPress category by name, writes marketplace number → WordPress id', async () => {
    const { sandbox, wp } = world;
    sandbox.putBlog({
      id: 1,
      name: 'Můj blog',
      url: wp.url,
      mode: 'manual',
      categories: [
        { id: 3, name: 'Cestování' },
        { id: 4, name: '<b>Hory</b>' },
      ],
    });
    const travel = wp.categories.find((c) => c.name === 'Cestování');
    if (!travel) throw new Error(`no category Cestování in ${JSON.stringify(wp.categories)}`);
    const me = createSetupClient(new URL(setup.url).origin);
    const csrf = await me.enterToken(TOKEN, '/setup?lang=en');
    const post = (path: string, form: Record<string, string>) => me.request(path, { csrf, ...form });
    // Both run on this machine: confirmed as local, as the blogger would.
    await post('/setup/key', { baseUrl: sandbox.url, apiKey: sandbox.apiKey, allowLocal: 'on' });
    await post('/setup/blogs', { 'target-1': 'wordpress' });
    await post('/setup/blog/1/wordpress/discover', { address: wp.url, allowLocal: 'on' });
    await post('/setup/blog/1/wordpress/paste', { username: wp.username, password: wp.applicationPassword });
    expect(await me.request('/setup')).toMatchObject({ status: 303, location: '/setup/categories' });

    const page = (await me.request('/setup/categories')).text;
    expect(page).toContain(
      'Here you choose where on your blog such an article appears: marketplace category → blog category.',
    );
    for (const said of [
      "Every article appears in one WordPress category: the one whose id you give below, or the site's default category when empty",
      "pressbridge replaces this blog's category list in the marketplace with your WordPress categories",
      'On each line you write a marketplace category number and the id of the WordPress category its articles go into',
    ])
      expect(page).toContain(said.replaceAll("'", '&#39;'));
    expect(page).toContain('(number and name): 3 Cestování · 4 &lt;b&gt;Hory&lt;/b&gt;');

    // The name of the category instead of its id: refused, the lines kept on the page, nothing taken.
    const byName = await post('/setup/categories', { 'mode-1': 'map', 'map-1': '3 = Cestování' });
    expect(byName.status).toBe(422);
    expect(byName.text).toContain(
      'Blog Můj blog: give the WordPress category by its id (a number), not its name.',
    );
    expect(byName.text).toContain('>3 = Cestování</textarea>');
    expect(await me.request('/setup')).toMatchObject({ status: 303, location: '/setup/categories' });

    const mapped = await post('/setup/categories', { 'mode-1': 'map', 'map-1': `3 = ${travel.id}` });
    expect(mapped).toMatchObject({ status: 303, location: '/setup/rules/1' });
    await post('/setup/rules/1', {});
    await post('/setup/intake', { intake: 'poll' });
    await post('/setup/notify', { channel: 'none', action: 'save' });
    const done = await post('/setup/finish', {});
    expect(done.text).toContain('pressbridge is running');
    daemon = await setup.daemon;
    const config = loadConfig({ path: `${world.dir}/pressbridge.yaml`, env: {} });
    expect(config.blogs[0]?.options).toMatchObject({ categories: { '3': travel.id } });
    expect(config.blogs[0]?.options).not.toHaveProperty('defaultCategory');
  }, 120_000);
});
