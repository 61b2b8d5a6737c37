import { beach } from '../places/beach';
import { bedroom } from '../places/bedroom';
import { cafe } from '../places/cafe';
import { cityStreet } from '../places/city-street';
import { classroom } from '../places/classroom';
import { festival } from '../places/festival';
import { forest } from '../places/forest';
import { harbour } from '../places/harbour';
import { hospital } from '../places/hospital';
import { kitchen } from '../places/kitchen';
import { library } from '../places/library';
import { livingRoom } from '../places/living-room';
import { mountainPath } from '../places/mountain-path';
import { office } from '../places/office';
import { park } from '../places/park';
import { restaurant } from '../places/restaurant';
import { rooftop } from '../places/rooftop';
import { schoolCorridor } from '../places/school-corridor';
import { shop } from '../places/shop';
import { shoppingStreet } from '../places/shopping-street';
import { shrine } from '../places/shrine';
import { temple } from '../places/temple';
import { trainCarriage } from '../places/train-carriage';
import { trainStation } from '../places/train-station';
import type { Archetype } from './types';

/** Every place the procedural renderer can draw. Order matters only for keyword ties: earlier wins. */
export const ARCHETYPES: Archetype[] = [beach, bedroom, cafe, cityStreet, classroom, festival, forest, harbour, hospital, kitchen, library, livingRoom, mountainPath, office, park, restaurant, rooftop, schoolCorridor, shop, shoppingStreet, shrine, temple, trainCarriage, trainStation];
