// First: asks for /plan's code and map data before the rest of the entry is evaluated.
import './preload';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/styles/theme.css';
import './app/styles/base.css';
import './app/styles/controls.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
