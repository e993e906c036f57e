// The globals the page's modules see (for the page's type check only): 3Dmol.js, loaded by
// index.html before them, and window.misi, which scene-page.js sets for Node.
declare var $3Dmol: import('./three-dmol.ts').ThreeDmol;

interface Window {
  misi: import('./page-api.ts').ScenePageApi;
}
