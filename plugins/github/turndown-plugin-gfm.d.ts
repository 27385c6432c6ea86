/** The package ships no types; only what this plugin uses is declared. */
declare module 'turndown-plugin-gfm' {
  import type TurndownService from 'turndown';

  /** Strikethrough, tables (header row → GFM table; others kept as HTML), task lists, highlighted code. */
  export const gfm: TurndownService.Plugin;
  export const tables: TurndownService.Plugin;
  export const strikethrough: TurndownService.Plugin;
  export const taskListItems: TurndownService.Plugin;
  export const highlightedCodeBlock: TurndownService.Plugin;
}
