/**
 * antd injects its CSS-in-JS rules as <style> elements in <head>. jsdom's getComputedStyle then
 * matches every rule against the element (nwsapi), and testing-library calls it for every
 * candidate of a role query (accessible names, visibility): whole-page tests spent three quarters
 * of their time there. Here antd's style injection writes into a container outside the document:
 * components render and cache their styles as usual, the document has no stylesheets to cascade.
 * Tests therefore check visibility by antd's classes and inline styles, never by stylesheet rules.
 */
import path from 'node:path';

const antdDir = path.dirname(require.resolve('antd/package.json'));
const cssinjsDir = path.dirname(require.resolve('@ant-design/cssinjs/package.json', { paths: [antdDir] }));
const dynamicCss = require.resolve('@rc-component/util/lib/Dom/dynamicCSS', { paths: [cssinjsDir] });

type CssOptions = Record<string, unknown> & { attachTo?: Element };
type DynamicCss = {
  injectCSS: (css: string, option?: CssOptions) => HTMLStyleElement | null;
  updateCSS: (css: string, key: string, option?: CssOptions) => HTMLStyleElement | null;
  removeCSS: (key: string, option?: CssOptions) => void;
};

jest.doMock(dynamicCss, () => {
  const actual = jest.requireActual<DynamicCss>(dynamicCss);
  const detached = document.createElement('div');
  const outside = (option: CssOptions = {}): CssOptions => ({ ...option, attachTo: detached });
  return {
    ...actual,
    injectCSS: (css: string, option?: CssOptions) => actual.injectCSS(css, outside(option)),
    updateCSS: (css: string, key: string, option?: CssOptions) => actual.updateCSS(css, key, outside(option)),
    removeCSS: (key: string, option?: CssOptions) => actual.removeCSS(key, outside(option)),
  };
});

/**
 * Beyond where the rules go, generating them is most of a first render in jsdom: every antd
 * component serialises its token styles (stylis) the first time it mounts. No test reads those
 * rules (see above), so in tests antd's style registration does nothing at all.
 */
const styleRegister = require.resolve('@ant-design/cssinjs/lib/hooks/useStyleRegister', { paths: [antdDir] });
jest.doMock(styleRegister, () => ({ ...jest.requireActual<Record<string, unknown>>(styleRegister), __esModule: true, default: () => undefined }));
