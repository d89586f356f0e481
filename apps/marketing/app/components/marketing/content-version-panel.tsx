import { useEffect, useState } from 'react';

const SECTIONS = [
  'Hero',
  'Core features',
  'How it works',
  'Testimonials',
  'Who it is for',
  'Latest posts',
  'Call to action',
];

/**
 * Spec section 2 (Home): a hidden panel for reviewing content versions, toggled
 * with Alt+V. Each section has only one version, so choosing one changes nothing.
 */
export function ContentVersionPanel() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      // event.code, because Alt+V types a different character on some layouts (e.g. '√' on macOS).
      if (event.altKey && event.code === 'KeyV') {
        event.preventDefault();
        setVisible((shown) => !shown);
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!visible) return null;
  return (
    <aside
      aria-label="Content versions"
      className="fixed bottom-4 left-4 z-40 w-72 rounded-lg border bg-background p-4 text-sm shadow-lg"
    >
      <h2 className="font-semibold">Content versions</h2>
      <p className="mt-1 text-xs text-muted-foreground">
        Press Alt+V to hide. Every section has one version.
      </p>
      <ul className="mt-3 space-y-2">
        {SECTIONS.map((section) => (
          <li key={section} className="flex items-center justify-between gap-2">
            <span>{section}</span>
            <label className="flex items-center gap-1 text-xs text-muted-foreground">
              <input type="radio" name={`version-${section}`} defaultChecked />
              Version A
            </label>
          </li>
        ))}
      </ul>
    </aside>
  );
}
