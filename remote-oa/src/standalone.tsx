// Dev-only entry. The dynamic import is the async boundary Module Federation needs to agree on the
// shared singletons (React, antd, …) before any of them runs.
import('./standalone-bootstrap');
