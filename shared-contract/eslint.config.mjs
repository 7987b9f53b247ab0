import { portalEslintConfig } from '../shared-core/build/eslint-base.mjs';

export default portalEslintConfig({ allowedWorkspaceImports: ['@portal/shared-contract'], react: false });
