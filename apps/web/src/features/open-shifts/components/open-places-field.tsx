import { OPEN_PLACES_MAX, type OpenPlace } from '@jornada/shared/schemas/open-shifts';
import { Input } from '@/components/ui/input';

/** Places per category id; a category not in the record has none. */
export type OpenPlacesValue = Record<string, number>;

interface OpenPlacesFieldProps {
  /** The company's categories (the staff picker's filter list). */
  categories: ReadonlyArray<{ id: string; name: string }>;
  value: OpenPlacesValue;
  onChange: (value: OpenPlacesValue) => void;
  /** When editing: what is published now, to show how many are left. */
  saved?: readonly OpenPlace[];
}

/** 'Plazas abiertas' of the event form (decision 051): how many places of each category staff may claim. */
export function OpenPlacesField({ categories, value, onChange, saved = [] }: OpenPlacesFieldProps) {
  if (categories.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">Plazas abiertas</legend>
      <p id="open-places-hint" className="text-sm text-muted-foreground">
        El personal de la categoría que puede trabajar ese día las verá en «Turnos Abiertos» y podrá solicitarlas.
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {categories.map((category) => {
          const id = `open-places-${category.id}`;
          const current = saved.find((place) => place.categoryId === category.id);
          return (
            <li key={category.id} className="flex items-center gap-3">
              <div className="w-20 shrink-0">
                <Input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={OPEN_PLACES_MAX}
                  aria-describedby="open-places-hint"
                  value={value[category.id] ?? 0}
                  onChange={(change) => {
                    const places = Math.max(0, Math.min(OPEN_PLACES_MAX, Math.trunc(Number(change.target.value) || 0)));
                    onChange({ ...value, [category.id]: places });
                  }}
                />
              </div>
              <label htmlFor={id} className="min-w-0 text-sm">
                {category.name}
                {current && <span className="block text-xs text-muted-foreground">{current.remaining === 1 ? 'Queda 1 libre' : `Quedan ${current.remaining} libres`}</span>}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** The request of the field's value: only categories with places. */
export const openPlacesRequestOf = (value: OpenPlacesValue) => ({
  places: Object.entries(value)
    .filter(([, places]) => places > 0)
    .map(([categoryId, places]) => ({ categoryId, places })),
});

export const openPlacesValueOf = (places: readonly OpenPlace[]): OpenPlacesValue => Object.fromEntries(places.map((place) => [place.categoryId, place.places]));
