import { renderStandalone } from '@portal/shared-ui/standalone';
import routesModule from './routes';

renderStandalone(routesModule);
