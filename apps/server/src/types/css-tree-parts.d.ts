// css-tree's parts without its lexer: the package root builds the lexer from mdn-data on import
// (about 100 ms more at every server start), which operator/brand-safety.ts does not use.
// @types/css-tree types the root only; these are the same functions, typed from it.
declare module 'css-tree/parser' {
  import type { CssNode, ParseOptions } from 'css-tree';

  const parse: (text: string, options?: ParseOptions) => CssNode;
  export default parse;
}

declare module 'css-tree/walker' {
  import type { walk } from 'css-tree';

  const walker: typeof walk;
  export default walker;
}

declare module 'css-tree/tokenizer' {
  export { tokenize, tokenTypes } from 'css-tree';
}

declare module 'css-tree/utils' {
  export { ident, string, url } from 'css-tree';
}
