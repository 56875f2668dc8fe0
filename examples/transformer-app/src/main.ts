/**
 * Calls the weather tools the way an agent loop would. No generated file is on disk:
 * build.mjs compiles with the toolgen transformer, which emits dist/weather.tools.js.
 *
 *   npm run build -w examples/transformer-app && npm start -w examples/transformer-app
 */
import type { AIFunction, ToolServices } from '@toolgen/runtime';
import type { Forecast, WeatherClient } from './model.js';
import { weatherToolset } from './weather.tools.js';

class FixedWeather implements WeatherClient {
  async forecast(city: string): Promise<Forecast | undefined> {
    return city === 'Oslo' ? { city, summary: 'light snow', high: -1, low: -6 } : undefined;
  }
}

const services: ToolServices = { weather: new FixedWeather() };

// a tool of the typed record, called with what a model might send (invalid arguments too)
async function call(fn: AIFunction, args: unknown): Promise<void> {
  try {
    console.log(`${fn.qualifiedName} ${JSON.stringify(args)} -> ${JSON.stringify(await fn.invoke(args, { services }))}`);
  } catch (error) {
    console.log(`${fn.qualifiedName} ${JSON.stringify(args)} -> error for the model: ${(error as Error).message}`);
  }
}

console.log(`Toolset ${weatherToolset.displayName}: ${weatherToolset.functions.map((fn) => fn.qualifiedName).join(', ')}`);
await call(weatherToolset.tools.get_forecast, { city: 'Oslo', unit: 'fahrenheit' });
await call(weatherToolset.tools.get_forecast, { city: 'Oslo', unit: 'kelvin' });
await call(weatherToolset.tools.get_forecast, { city: 'Atlantis', unit: 'celsius' });
await call(weatherToolset.tools.convert_temperature, { celsius: 21 });
