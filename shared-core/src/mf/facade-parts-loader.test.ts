/** @jest-environment node */
/**
 * facade-parts-loader.cjs points each antd name a module imports at the shared part providing it, so
 * the layout loads only the layout's part of antd. Checked here on esbuild-shaped code; the builds
 * check the result (shared-exports-plugin.cjs records `uses` per part and fails on a name in no part).
 */
import { createRequire } from 'node:module';

type Parts = Map<string, Map<string, string>>;
const requireHere = createRequire(__filename);
const { splitPartImports, partsByName } = requireHere('../../build/facade-parts-loader.cjs') as {
  splitPartImports: (code: string, parts: Parts) => string;
  partsByName: () => Parts;
};

const parts: Parts = new Map([
  [
    'antd',
    new Map([
      ['Button', 'antd'],
      ['Layout', 'antd'],
      ['Table', '@portal/antd-pages'],
      ['Form', '@portal/antd-pages'],
    ]),
  ],
]);

describe('splitPartImports', () => {
  it('splits one import into one per part, on the same line, keeping aliases and quotes', () => {
    const code = 'import { jsx } from "react/jsx-runtime";\nimport { Button, Table as AntTable, Form } from "antd";\nconsole.log(1);\n';
    expect(splitPartImports(code, parts)).toBe(
      'import { jsx } from "react/jsx-runtime";\nimport { Button } from "antd"; import { Table as AntTable, Form } from "@portal/antd-pages";\nconsole.log(1);\n',
    );
    expect(splitPartImports("import {Form} from 'antd'", parts)).toBe("import { Form } from '@portal/antd-pages';");
  });

  it('leaves names of the first part, and names in no part, on antd (the build then names the missing one)', () => {
    expect(splitPartImports('import { Layout, Calendar } from "antd";', parts)).toBe('import { Layout, Calendar } from "antd";');
  });

  it('rewrites every statement, multi-line ones too', () => {
    const code = 'import {\n  Table\n} from "antd";\nimport { Button } from "antd";';
    expect(splitPartImports(code, parts)).toBe('import { Table } from "@portal/antd-pages";\nimport { Button } from "antd";');
  });

  it('leaves namespace imports, other packages and antd subpaths alone', () => {
    const code =
      'import * as antd from "antd";\nimport { Table } from "antd-extra";\nimport { Table as T } from "antd/es/table";\nimport { Table } from "@portal/antd-pages";';
    expect(splitPartImports(code, parts)).toBe(code);
  });

  it('reads the parts from the facades: every name in exactly one part', () => {
    const real = partsByName().get('antd');
    expect(real?.get('Layout')).toBe('antd');
    expect(real?.get('Table')).toBe('@portal/antd-lists');
    expect(real?.get('DatePicker')).toBe('@portal/antd-forms');
    expect(partsByName().get('@portal/shared-ui')?.get('DynamicForm')).toBe('@portal/shared-ui-forms');
    expect(real?.size).toBeGreaterThan(40);
  });
});
