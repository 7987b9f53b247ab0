import { portalEslintConfig } from '@portal/shared-core/build/eslint-base.mjs';

export default portalEslintConfig({ allowedWorkspaceImports: ['@portal/shared-core', '@portal/shared-contract', '@portal/shared-ui'], browser: true });
