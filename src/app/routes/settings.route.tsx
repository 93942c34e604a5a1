import { BasemapPicker } from '../../features/settings/components/basemap-picker';
import { ConnectionForm } from '../../features/settings/components/connection-form';
import { ThemePicker } from '../../features/settings/components/theme-picker';
import { UnitsPicker } from '../../features/settings/components/units-picker';

export function Component() {
  return (
    <main className="page page-narrow" id="main">
      <h1>Settings</h1>
      <section className="stack" aria-labelledby="appearance">
        <h2 id="appearance">Appearance</h2>
        <ThemePicker />
        <UnitsPicker />
        <BasemapPicker />
      </section>
      <section className="stack" aria-labelledby="connection">
        <h2 id="connection">Connection</h2>
        <ConnectionForm />
      </section>
    </main>
  );
}
