/** How temperatures are given. */
export type TemperatureUnit = 'celsius' | 'fahrenheit';

/** Tomorrow's weather in one city. */
export interface Forecast {
  city: string;
  /** What the sky does, in a few words. */
  summary: string;
  high: number;
  low: number;
}

/** The weather service the tools ask, provided by the host. */
export interface WeatherClient {
  forecast(city: string, signal: AbortSignal): Promise<Forecast | undefined>;
}

declare module '@toolgen/runtime' {
  interface ToolServices {
    weather: WeatherClient;
  }
}
