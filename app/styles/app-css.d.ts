// vite.config.ts (inlineAppCss): the built stylesheet's text in the production
// server bundle, "" in the browser bundle and in development.
declare module "virtual:carlot/app-css" {
  const css: string;
  export default css;
}
