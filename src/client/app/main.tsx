import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/styles.css';
import { AppProvider } from './provider';
import { AppRouter } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('O elemento #root não existe em index.html');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
