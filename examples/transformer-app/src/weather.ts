import { Toolset, ToolFailure, type ToolServices } from '@toolgen/runtime';
import type { Forecast, TemperatureUnit } from './model.js';

export class WeatherToolset extends Toolset {
  constructor() {
    super();
    this.withDisplayName('Weather');
    this.addTool(WeatherToolset.getForecast).readOnly();
    this.addTool(WeatherToolset.convertTemperature).readOnly();
  }

  /**
   * Tells tomorrow's weather in a city.
   * @param city The city's name, in English.
   * @param unit How to give temperatures.
   */
  static async getForecast(city: string, unit: TemperatureUnit, services: ToolServices, signal: AbortSignal): Promise<Forecast> {
    const forecast = await services.weather.forecast(city, signal);
    if (forecast === undefined) {
      throw new ToolFailure(`No forecast for ${city}.`, 'Name a larger city nearby.');
    }
    return unit === 'fahrenheit' ? { ...forecast, high: toFahrenheit(forecast.high), low: toFahrenheit(forecast.low) } : forecast;
  }

  /**
   * Converts a temperature from Celsius to Fahrenheit.
   * @param celsius Degrees Celsius.
   */
  static convertTemperature(celsius: number): number {
    return toFahrenheit(celsius);
  }
}

function toFahrenheit(celsius: number): number {
  return Math.round((celsius * 9) / 5 + 32);
}
