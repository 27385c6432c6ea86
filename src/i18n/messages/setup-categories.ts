import type { Catalog } from '../catalog.js';

/**
 * The categories step of the setup (src/setup/answers/categories.ts), on the /setup page and in `pressbridge setup`: each
 * way with one sentence on what it does and what the blog then looks like. Czech WordPress calls its categories
 * "rubriky" (Příspěvky → Rubriky, Nastavení → Psaní): the Czech texts use its words.
 */
export const setupCategoryMessages = {
  'setup.categories.title': { cs: 'Kategorie', en: 'Categories' },
  'setup.categories.intro': {
    cs: 'Inzerent může na tržišti k článku vybrat jednu z kategorií, které tam váš blog má. Tady zvolíte, kde na blogu takový článek vyjde: kategorie na tržišti → kategorie na blogu.',
    en: 'In the marketplace an advertiser may pick one of the categories your blog has there for the article. Here you choose where on your blog such an article appears: marketplace category → blog category.',
  },
  'setup.categories.none': {
    cs: 'Složka souborů kategorie nepoužívá: tady není co vybírat.',
    en: 'A folder of files has no categories: nothing to choose here.',
  },
  'setup.categories.label_default': {
    cs: 'Všechny články do jedné kategorie',
    en: 'Every article in one category',
  },
  'setup.categories.label_sync': {
    cs: 'Poslat rubriky WordPressu na tržiště (stejná čísla)',
    en: 'Send the WordPress categories to the marketplace (same ids)',
  },
  'setup.categories.label_map': {
    cs: 'Vlastní převod: kategorie na tržišti → kategorie na blogu',
    en: 'My own mapping: marketplace category → blog category',
  },
  'setup.categories.default_wordpress': {
    cs: 'Každý článek vyjde v jedné rubrice WordPressu: v té, jejíž číslo (ID) zadáte níže, nebo při prázdném poli ve výchozí rubrice webu (Nastavení → Psaní); kategorii vybranou na tržišti pressbridge nepoužije.',
    en: "Every article appears in one WordPress category: the one whose id you give below, or the site's default category when empty (Settings → Writing); the category picked in the marketplace is not used.",
  },
  'setup.categories.default_github': {
    cs: 'Každý článek dostane v hlavičce (front matter) jednu kategorii: tu, kterou níže pojmenujete, nebo při prázdném poli žádnou; kategorii vybranou na tržišti pressbridge nepoužije.',
    en: 'Every article gets one category in its front matter: the one you name below, or none when empty; the category picked in the marketplace is not used.',
  },
  'setup.categories.sync_wordpress': {
    cs: 'Po uložení pressbridge nahradí seznam kategorií tohoto blogu na tržišti rubrikami z WordPressu (nejvýš 50, očíslovanými jejich ID), takže inzerent vybírá z vašich skutečných rubrik a článek vyjde přesně v té, kterou vybral (bez výběru ve výchozí rubrice webu).',
    en: "When you save, pressbridge replaces this blog's category list in the marketplace with your WordPress categories (at most 50, numbered by their ids), so the advertiser picks one of your real categories and the article appears in exactly that one (without a pick: in the site's default category).",
  },
  'setup.categories.map_wordpress': {
    cs: 'Na každý řádek napíšete číslo kategorie na tržišti a ID rubriky WordPressu, do které její články půjdou; článek z kategorie, kterou neuvedete (nebo bez kategorie), vyjde ve výchozí rubrice webu.',
    en: "On each line you write a marketplace category number and the id of the WordPress category its articles go into; an article in a category you do not list (or in none) appears in the site's default category.",
  },
  'setup.categories.map_github': {
    cs: 'Na každý řádek napíšete číslo kategorie na tržišti a název kategorie webu, kterou její články dostanou; článek z kategorie, kterou neuvedete (nebo bez kategorie), žádnou kategorii nedostane.',
    en: 'On each line you write a marketplace category number and the name of the site category its articles get; an article in a category you do not list (or in none) gets no category.',
  },
  'setup.categories.category_wordpress': {
    cs: 'ID rubriky (Příspěvky → Rubriky: odkaz rubriky ukazuje tag_ID=5; prázdné: výchozí rubrika webu)',
    en: "Category id (Posts → Categories: the category's link shows tag_ID=5; empty: the site's default)",
  },
  'setup.categories.category_github': {
    cs: 'Název kategorie (prázdné: žádná)',
    en: 'Category name (empty: none)',
  },
  'setup.categories.lines_wordpress': {
    cs: 'Řádky „číslo na tržišti = ID rubriky“, např. 3 = 12',
    en: 'Lines "marketplace number = WordPress category id", e.g. 3 = 12',
  },
  'setup.categories.lines_github': {
    cs: 'Řádky „číslo na tržišti = název kategorie“, např. 3 = Cestování',
    en: 'Lines "marketplace number = category name", e.g. 3 = Travel',
  },
  'setup.categories.marketplace_list': {
    cs: 'Kategorie tohoto blogu na tržišti (číslo a název): {list}',
    en: "This blog's categories in the marketplace (number and name): {list}",
  },
  'setup.categories.marketplace_none': {
    cs: 'Tento blog zatím na tržišti žádné kategorie nemá, takže inzerent nemá z čeho vybírat, dokud je tam nepřidáte.',
    en: 'This blog has no categories in the marketplace yet, so an advertiser has none to pick until you add some there.',
  },
} as const satisfies Catalog;
