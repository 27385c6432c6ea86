/**
 * A built page opened in Chromium as a hostile article's reader would meet it: every dialog and console line
 * recorded, every mouse, pointer, focus and animation event fired on every element (navigation held back, so an
 * `onclick` still runs but a link is not followed), then what the page shows read back: its title in `<h1>`,
 * `<title>` and the social tags, the images and whether they loaded, the links and their `rel`, the disclosure
 * label and whether anything covers it, and any handler, script or style the text brought.
 */
import type { Browser, Page } from 'playwright-core';

export interface PageFacts {
  status: number;
  h1: string[];
  title: string;
  meta: Record<string, string>;
  /** og:image and twitter:image, absolute, with the status the page's own fetch got. */
  socialImages: Array<{ url: string; status: number; type: string }>;
  /** The images in the article's content. */
  images: Array<{ src: string; alt: string; loaded: boolean }>;
  /** The links in the article's content. */
  links: Array<{ href: string; rel: string; text: string }>;
  label:
    | { found: false }
    | { found: true; classes: string[]; visible: boolean; topmost: boolean; first: boolean; role: string };
  /** Every `on…` attribute in the document, as `element attribute`. */
  handlers: string[];
  /** Elements in the content that only markup could have made: script, style, iframe, object, embed… */
  foreign: string[];
  /** Elements in the content with a `style` attribute (code blocks aside: the generator's highlighting). */
  styled: string[];
  /** The content's text, whitespace collapsed. */
  text: string;
  /** `javascript:` addresses anywhere in the document. */
  scriptUrls: string[];
  /** What ran: dialogs, console lines and page errors mentioning `PB-`. */
  ran: string[];
}

const EVENTS = [
  'mouseover',
  'mouseenter',
  'mousemove',
  'mousedown',
  'mouseup',
  'click',
  'dblclick',
  'auxclick',
  'contextmenu',
  'mouseout',
  'mouseleave',
  'pointerover',
  'pointerenter',
  'pointerdown',
  'pointerup',
  'pointermove',
  'focus',
  'focusin',
  'blur',
  'focusout',
  'wheel',
  'animationstart',
  'animationend',
  'transitionend',
  'toggle',
  'load',
  'error',
];

export interface PageProbe {
  /** Opens `url`, fires every event everywhere, and reads the facts; `content` selects the article's text. */
  probe(url: string, options: { content: string; label: string }): Promise<PageFacts>;
  close(): Promise<void>;
}

/** One tab that opens page after page (a new tab per page costs more than the page). */
export async function createPageProbe(browser: Browser): Promise<PageProbe> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  let ran: string[] = [];
  page.on('dialog', (dialog) => {
    ran.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    dialog.dismiss().catch(() => {});
  });
  page.on('console', (message) => {
    if (message.text().includes('PB-')) ran.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (error.message.includes('PB-')) ran.push(`pageerror: ${error.message}`);
  });
  return {
    probe: (url, options) => {
      ran = [];
      return probeOne(page, url, options, () => ran);
    },
    close: () => context.close(),
  };
}

async function probeOne(
  page: Page,
  url: string,
  options: { content: string; label: string },
  ran: () => string[],
): Promise<PageFacts> {
  const response = await page.goto(url, { waitUntil: 'load' });
  const status = response?.status() ?? 0;
  await page.evaluate((events) => {
    const hold = (event: Event) => event.preventDefault();
    document.addEventListener('click', hold, true);
    document.addEventListener('auxclick', hold, true);
    document.addEventListener('submit', hold, true);
    for (const element of Array.from(document.querySelectorAll('*'))) {
      if (element instanceof HTMLElement) element.focus();
      for (const type of events) element.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));
    }
  }, EVENTS);
  // Handlers that call alert() report through the dialog event, asynchronously.
  await page.waitForTimeout(50);
  const facts = await page.evaluate(
    async ({ content, label }) => {
      // Lazy images load once near the viewport: load them all now, as a reader scrolling down would.
      await Promise.all(
        Array.from(document.images).map((image) => {
          image.loading = 'eager';
          return image.decode().catch(() => undefined);
        }),
      );
      const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
      const inContent = Array.from(document.querySelectorAll(content));
      const within = (selector: string) =>
        inContent.flatMap((root) => Array.from(root.querySelectorAll(selector)));
      const meta: Record<string, string> = {};
      for (const tag of Array.from(document.querySelectorAll('meta[property], meta[name]'))) {
        const key = tag.getAttribute('property') ?? tag.getAttribute('name') ?? '';
        if (!(key in meta)) meta[key] = tag.getAttribute('content') ?? '';
      }
      const socialImages = [];
      for (const key of ['og:image', 'twitter:image']) {
        if (!(key in meta)) continue;
        const address = new URL(meta[key] ?? '', location.href).href;
        const answer = await fetch(address).catch(() => undefined);
        socialImages.push({
          url: address,
          status: answer?.status ?? 0,
          type: answer?.headers.get('content-type') ?? '',
        });
      }
      const labels = within('*').filter(
        (element) => text(element) === label && element.children.length === 0,
      );
      const found = labels[0];
      let labelFacts: PageFacts['label'] = { found: false };
      if (found) {
        const box = found.getBoundingClientRect();
        found.scrollIntoView();
        const again = found.getBoundingClientRect();
        const hit = document.elementFromPoint(again.left + again.width / 2, again.top + again.height / 2);
        const firstText = inContent[0] ? text(inContent[0]) : '';
        labelFacts = {
          found: true,
          classes: Array.from(found.classList),
          visible:
            box.width > 0 &&
            box.height > 0 &&
            found.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
          topmost: hit !== null && (hit === found || found.contains(hit)),
          first: firstText.startsWith(label),
          role: found.getAttribute('role') ?? found.parentElement?.getAttribute('role') ?? '',
        };
      }
      const handlers: string[] = [];
      const scriptUrls: string[] = [];
      for (const element of Array.from(document.querySelectorAll('*'))) {
        for (const attribute of Array.from(element.attributes)) {
          if (/^on/i.test(attribute.name)) handlers.push(`${element.localName} ${attribute.name}`);
          if (/^\s*javascript:/i.test(attribute.value))
            scriptUrls.push(`${element.localName} ${attribute.name}`);
        }
      }
      return {
        h1: Array.from(document.querySelectorAll('h1')).map(text),
        title: document.title,
        meta,
        socialImages,
        images: within('img').map((image) => {
          const img = image as HTMLImageElement;
          return {
            src: img.currentSrc || img.src,
            alt: img.alt,
            loaded: img.complete && img.naturalWidth > 0,
          };
        }),
        links: within('a').map((link) => ({
          href: link.getAttribute('href') ?? '',
          rel: link.getAttribute('rel') ?? '',
          text: text(link),
        })),
        label: labelFacts,
        handlers,
        foreign: within('script, style, iframe, object, embed, link, meta, base, form, input, svg, math').map(
          (element) => element.localName,
        ),
        styled: within('[style]')
          .filter((element) => element.closest('pre') === null)
          .map((element) => `${element.localName} style="${element.getAttribute('style')}"`),
        text: inContent.map(text).join(' '),
        scriptUrls,
      };
    },
    { content: options.content, label: options.label },
  );
  return { status, ran: ran(), ...facts };
}
