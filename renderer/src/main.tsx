// Fast Refresh's preamble as a module: the CSP forbids the inline script Vite would inject in dev. Empty in builds.
import '@vitejs/plugin-react/preamble';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { getBridge } from './bridge';
import { connectAppStore, createAppStore } from './store/app-store';
import { AppStoreProvider } from './store/context';
import './styles.css';

const store = createAppStore();
connectAppStore(store, getBridge());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <AppStoreProvider store={store}>
      <App />
    </AppStoreProvider>
  </StrictMode>,
);
