import Starships
