import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor give up after 1 s by default: too short on a machine busy with
// other work (a lazy page's import alone can take longer there). Wait for states, longer.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
