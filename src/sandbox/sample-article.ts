/** The sandbox's sample content: titles and the default article (Czech, with a link and the photo markers). */

export const SAMPLE_TITLES = [
  'Jak vybrat zahradní sekačku: průvodce pro začátečníky',
  'Pět tipů, jak ušetřit za energie v panelovém bytě',
  'Víkend v Českém ráji: kam vyrazit s dětmi',
  'Čím krmit psa ve stáří? Rady veterinářky',
  'Elektrokolo do města: na co se připravit',
];

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The default article: an `<h1>` heading, Czech paragraphs, one link to the advertiser's site (with a rel
 * attribute) and the photo markers; [foto1] stands alone in its paragraph, [foto2] sits inside running text.
 */
export function defaultArticleHtml(title: string, targetUrl: string, photoCount: number): string {
  const markers = Array.from({ length: photoCount }, (_, i) => `[foto${i + 1}]`);
  const parts = [
    `<h1>${escapeHtml(title)}</h1>`,
    '<p>Jaro je tu a s ním i otázka, jak se na novou sezónu připravit. Přinášíme přehled toho nejdůležitějšího, ' +
      `co je dobré vědět, než se pustíte do nákupu. Podrobnosti najdete na <a href="${escapeHtml(targetUrl)}" ` +
      'rel="sponsored">stránkách odborného prodejce</a>, kde poradí i s výběrem.</p>',
  ];
  if (markers[0]) parts.push(`<p>${markers[0]}</p>`);
  parts.push(
    `<p>Důležitá je především kvalita zpracování${markers[1] ? ` ${markers[1]}` : ''} a dostupnost servisu. ` +
      'Levnější varianta se nemusí vyplatit, pokud ji za dva roky budete muset vyměnit.</p>',
    '<h2>Na co si dát pozor</h2>',
    '<ul><li>záruční podmínky a servis,</li><li>spotřeba a hlučnost,</li><li>příslušenství v ceně.</li></ul>',
  );
  for (const marker of markers.slice(2)) parts.push(`<p>${marker}</p>`);
  // The rest of a standard page: a real article is at least one (1,800 characters, decision 0023's floor).
  parts.push(
    '<h2>Jak postupovat při výběru</h2>',
    '<p>Nejprve si ujasněte, k čemu budete výrobek skutečně používat a jak často. Jiné nároky má ten, kdo ho ' +
      'vytáhne jednou za měsíc, a jiné rodina, která ho potřebuje každý týden. Podle toho se vyplatí zvolit ' +
      'výkon, velikost i způsob napájení. Zeptejte se také sousedů a známých, s čím mají dobrou zkušenost, a ' +
      'nebojte se v prodejně požádat o předvedení.</p>',
    '<p>Potom porovnejte cenu pořízení s náklady na provoz. Úspornější model bývá na začátku dražší, ale během ' +
      'několika let se rozdíl vrátí na nižší spotřebě a menším počtu oprav. Pozornost si zaslouží i dostupnost ' +
      'náhradních dílů: výrobce, který je drží skladem deset let, ušetří starosti ve chvíli, kdy se něco pokazí. ' +
      'Vyplatí se také ověřit, kde je nejbližší autorizovaný servis a jak dlouho oprava obvykle trvá.</p>',
    '<p>Nakonec myslete na bezpečnost a pohodlí. Dobře vyvážený výrobek s rozumnou hmotností unaví méně a s ' +
      'přehledným ovládáním se naučí zacházet každý člen domácnosti. Přečtěte si návod ještě před prvním ' +
      'použitím, dodržujte doporučenou údržbu a výrobek skladujte v suchu. Odmění se vám dlouhou životností a ' +
      'spolehlivým chodem po mnoho sezón.</p>',
    '<p>A ještě jedna rada na závěr: nekupujte ve spěchu. Nejlepší nabídky se objevují mimo hlavní sezónu, kdy ' +
      'prodejci uvolňují sklady a mají víc času na zákazníky. Kdo si nákup naplánuje o pár týdnů dřív, vybírá ' +
      'v klidu, z větší nabídky a často i za nižší cenu.</p>',
  );
  parts.push('<p>Ať už se rozhodnete jakkoli, vyplatí se srovnat si nabídky a číst recenze ostatních.</p>');
  return parts.join('\n');
}
