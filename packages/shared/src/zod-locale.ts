import { z } from 'zod';

/** Imported once by each side so zod's built-in validation messages are Spanish too. */
z.config(z.locales.es());
