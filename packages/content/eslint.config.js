import react from '@repo/eslint-config/react';

export default react;
