// `import x from './file.png?asset'` gives the file's path at runtime (electron-vite copies it into the build).
/// <reference types="electron-vite/node" />
