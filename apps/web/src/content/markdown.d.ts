/** Static page content: compiled at build time by the `staticPagesMarkdown` Vite plugin. */
declare module '*.md' {
  const page: import('../lib/markdown-html').CompiledPage;
  export default page;
}
