import { portalEslintConfig } from './build/eslint-base.mjs';

export default portalEslintConfig({ allowedWorkspaceImports: ['@portal/shared-core', '@portal/shared-contract'], browser: true });
