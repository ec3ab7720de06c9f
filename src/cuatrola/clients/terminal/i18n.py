"""The terminal client's text catalogue: every string the player reads, in Spanish and English.

Strings are looked up by key and formatted with ``str.format`` fields, so the two languages
stay in one place and a test can check that both have the same keys and fields.

>>> texts = Texts("en")
>>> texts("team_us")
'Us'
>>> Texts("es")("seat_played", seat="Este", card="R♦")
'Este juega R♦'
"""

from __future__ import annotations

from typing import Final

#: The languages of the user interface.
LANGUAGES: Final = ("es", "en")

CATALOG: Final[dict[str, dict[str, str]]] = {
    "es": {
        "trump_word": "Triunfo",
        "help_hint": "? ayuda",
        "you_played": "Juegas {card}",
        "you_sang": "Cantas {points} en {suit}",
        "you_no_sing": "No cantas",
        "you_won_trick": "Ganas la baza ({points} puntos)",
        "you_bid": "Tú: {bid}",
        "seat_south": "Tú",
        "seat_east": "Este",
        "seat_north": "Norte (compañero)",
        "seat_west": "Oeste",
        "team_us": "Nosotros",
        "team_them": "Ellos",
        "suit_0": "oros",
        "suit_1": "copas",
        "suit_2": "espadas",
        "suit_3": "bastos",
        "bid_pass": "Paso",
        "bid_solo": "Solo",
        "bid_cuatrola": "Cuatrola",
        "bid_quintola": "Quintola",
        "contract_plain": "mano normal (todos pasan)",
        "status_line": "{rules} · {hand} · {us} {score_us} – {score_them} {them}",
        "rules_exact": "a {n} exactos",
        "rules_first_to": "a {n}",
        "rules_hands": "{n} manos",
        "rules_no_quintola": "{rules}, sin quintola",
        "hand_number": "mano {hand}",
        "hand_of": "mano {hand} de {hands}",
        "dealer": "reparte",
        "mano": "mano",
        "sits_out": "no juega",
        "your_turn_bid": "Tu apuesta:",
        "your_turn_play": "Tu turno: juega una carta ({keys}, o ←/→ y Intro)",
        "your_turn_cante": "¿Cantas?",
        "cante_answered": "Respuesta enviada (puedes cambiarla):",
        "cante_window": "Cantes tras la baza…",
        "waiting_for": "Esperando a {seat}…",
        "cantes_title": "Cantes",
        "tricks_title": "Bazas",
        "no_cantes": "ninguno",
        "cante_entry": "{seat}: {points} en {suit}",
        "tricks_entry": "{team}: {points} puntos, {tricks}",
        "trick_count_1": "1 baza",
        "trick_count_n": "{n} bazas",
        "contract_line": "Contrato: {contract} ({seat})",
        "last_trick": "Última baza (gana {seat})",
        "last_trick_you": "Última baza (la ganas tú)",
        "sing": "Cantar {points} en {suit}",
        "no_sing": "No cantar",
        "seat_bid": "{seat}: {bid}",
        "seat_played": "{seat} juega {card}",
        "seat_sang": "{seat} canta {points} en {suit}",
        "seat_no_sing": "{seat} no canta",
        "trick_won": "{seat} gana la baza ({points} puntos)",
        "new_hand": "Nueva mano: reparte {dealer}, triunfo {suit}",
        "new_hand_you": "Nueva mano: repartes tú, triunfo {suit}",
        "illegal": "No puedes hacer eso ahora: {reason}",
        "not_legal_card": "Esa carta no se puede jugar ahora",
        "not_legal_because": "Esa carta no se puede jugar: {reason}",
        "reason_follow_suit": "hay que servir al palo de salida ({suit})",
        "reason_follow_suit_beat": (
            "hay que servir al palo de salida ({suit}) y superar la carta más alta si puedes"
        ),
        "reason_over_trump": "hay que montar: superar el triunfo más alto de la mesa ({suit})",
        "reason_must_trump": "no tienes del palo de salida: hay que fallar con triunfo ({suit})",
        "summary_title": "Fin de la mano",
        "summary_contract": "Contrato: {contract}",
        "summary_points": "{team}: {points} puntos, {tricks}",
        "summary_breakdown": "  {cards} de cartas + {last} de la última baza + {cantes} de cantes",
        "summary_cantes": "Cantes: {cantes}",
        "summary_dead": "Mano muerta de {seat}: {cards}",
        "summary_dead_you": "Mano muerta: tú, {cards}",
        "summary_winner": "Ganan {team}: +{points} (marcador {us} – {them})",
        "summary_winner_us": "Ganamos nosotros: +{points} (marcador {us} – {them})",
        "summary_winner_them": "Ganan ellos: +{points} (marcador {us} – {them})",
        "summary_made": "{seat} cumple su {contract}",
        "summary_failed": "{seat} no cumple su {contract}",
        "summary_you_made": "Tú cumples tu {contract}",
        "summary_you_failed": "Tú no cumples tu {contract}",
        "press_enter": "Pulsa Intro para seguir",
        "summary_your_turn": "Te toca en la mano nueva: Intro para volver a la mesa",
        "summary_closes_at": "Al quedar {seconds} s se cierra solo; el resumen pasa al registro",
        "summary_closed_for_turn": "Te toca: el resumen de la mano está aquí arriba",
        "help_your_turn": "Te toca: Intro para volver a la mesa",
        "help_closes_at": "Al quedar {seconds} s se cierra sola",
        "help_closed_for_turn": "Te toca: la ayuda se ha cerrado sola (? la abre tras tu jugada)",
        "help_not_now": "Solo quedan {seconds} s para jugar: la ayuda se abre tras tu jugada",
        "match_over_title": "Fin de la partida",
        "match_won": "¡Habéis ganado la partida!",
        "match_lost": "Han ganado ellos.",
        "match_final": "Resultado: {us} {score_us} – {score_them} {them} en {hands} manos",
        "match_quit": "Intro o Esc: salir · r: otra partida",
        "help_title": "Ayuda",
        "help_body": (
            "Teclas\n"
            "  1-5        jugar la carta de esa posición\n"
            "  ← →        mover el cursor; Intro juega o elige\n"
            "  p s c q    apostar: paso, solo, cuatrola, quintola\n"
            "  o c e b    cantar en oros, copas, espadas o bastos\n"
            "  n          no cantar\n"
            "  r          otra partida, en el panel de fin de partida\n"
            "  ↑ ↓ RePág AvPág Inicio Fin  desplazar el resumen de la mano o el fin de partida; "
            "en la mesa, el registro\n"
            "  a          sentar a la máquina en tu mesa privada (en línea, antes de empezar)\n"
            "  t          charlar con la mesa (en línea): Intro envía, Esc cancela\n"
            "             /mute NOMBRE oculta su charla; /unmute NOMBRE la muestra\n"
            "             /mute espectadores oculta la de todos los que miran\n"
            "  ↑ ↓ Intro  mirando (--mode watch): elegir una mesa de la lista; q: salir\n"
            "  l          cambiar idioma (español / inglés)\n"
            "  ?          esta ayuda (Esc para cerrar); en línea, en tu turno se cierra sola "
            "al quedar 10 s de tu tiempo, y con menos no se abre\n"
            "  Ctrl+Q     salir\n"
            "\n"
            "Cartas: A as, 3 tres, R rey, C caballo, S sota.\n"
            "Palos: ♦ oros (amarillo), ♥ copas (rojo), ♠ espadas (azul), ♣ bastos (verde).\n"
            "Las cartas que puedes jugar se ven en negrita; las demás, atenuadas y tachadas.\n"
            "Tu compañero se sienta enfrente (Norte). Se juega hacia la derecha.\n"
            "\n"
            "Reglas\n"
            # One line per rule: the help wraps each with a hanging indent at any width.
            "  20 cartas; 5 por jugador. La última carta del que reparte marca el triunfo.\n"
            "  Orden y puntos: A 11 · 3 10 · R 4 · C 3 · S 2. La última baza vale 10 más.\n"
            "  Apuestas, de la mano al que reparte: paso, solo (1 punto de partida si todos "
            "pasan, 2 el solo), cuatrola (4 bazas, 4), quintola (5 bazas, 5). El "
            "compañero del que apuesta no juega.\n"
            "  En una partida a N exactos nadie puede apostar lo que llevaría a su pareja por "
            "encima de N: por eso a veces no se ofrece la cuatrola o la quintola.\n"
            "  Hay que servir al palo y superar la carta más alta si se puede (si alguien ya ha "
            "fallado la baza, basta con servir); sin palo, fallar con triunfo (y montar si ya "
            "hay triunfo), si se tiene.\n"
            "  Rey y caballo del mismo palo: cante de 20, o de 40 en triunfo, tras una baza "
            "ganada por tu pareja (de la 1.ª a la 3.ª); no en cuatrola ni quintola.\n"
            "  Sin apuesta o en solo gana el lado que suma más puntos; en empate, la pareja de "
            "la mano."
        ),
        "note_level_fallback": "El nivel {level} aún no existe: juegas contra {used}.",
        "online_connecting": "Conectando con {server}…",
        "online_waiting": "Esperando jugadores en la mesa {table}…",
        "quick_looking": "Buscando jugadores…",
        "quick_waiting": "Buscando jugadores… {n} de 4 listos",
        "quick_waiting_fill": (
            "Buscando jugadores… {n} de 4 listos · la máquina completa en {seconds} s"
        ),
        "online_reconnecting": "Conexión perdida; reconectando…",
        "online_lost": "se perdió la conexión y no se pudo recuperar",
        "online_error": "Error del servidor: {message}",
        "online_code": "Código de la mesa privada: {code}",
        "online_add_bot": "a: sentar a la máquina",
        "online_timer": "⏱ {seconds} s",
        "new_match": "Nueva partida",
        "bot_error": "Fallo del jugador de {seat} ({reason}); juega la primera jugada legal",
        "online_gone": "{seat} se ha desconectado",
        "online_back": "{seat} ha vuelto",
        "seat_offline": "desconectado",
        "seat_free": "libre",
        "seat_computer": "máquina",
        "online_rematch_wait": "Esperando a que los demás acepten la revancha…",
        "online_next_hand": "Esperando a la mano siguiente…",
        "online_auto": "(se acabó tu tiempo: la máquina jugó por ti)",
        "online_failed": "No se pudo conectar con {server}: {reason}",
        "online_refused": "el servidor no lo acepta: {reason}",
        "refused_no_table": "no hay ninguna mesa abierta {table!r}",
        "refused_no_code": "no hay ninguna mesa con el código {code}",
        "refused_private": "la mesa {table!r} es privada: no se puede mirar",
        "refused_full": "la mesa está completa: todos los asientos están ocupados",
        "online_reconnected": "Conexión recuperada",
        "chat_placeholder": "Charla: Intro envía · Esc cancela · ↑/↓ frases rápidas · /mute NOMBRE",
        "chat_line": "{name}: {text}",
        "chat_offline": "Sin conexión no hay nadie con quien charlar (t charla en línea)",
        "chat_no_table": "Podrás charlar cuando estés en una mesa",
        "chat_refused": "Mensaje no enviado: {reason}",
        "chat_too_fast": "demasiados mensajes seguidos; espera un momento",
        "chat_invalid": "un mensaje es una línea de 1 a {limit} caracteres",
        "chat_forbidden": "solo charlan quienes juegan o miran en la mesa",
        "chat_lost": "no hay conexión con el servidor",
        "chat_full": "Un mensaje tiene como mucho {limit} caracteres: no cabe más",
        "chat_kept": "Tu mensaje a medio escribir se guarda: t para seguir escribiéndolo",
        "chat_unknown_command": "Orden desconocida {command}: /mute NOMBRE, /unmute NOMBRE",
        "mute_who": (
            "¿A quién? /mute y /unmute llevan el nombre de alguien de la mesa: {names} "
            "(o espectadores: todos los que miran)"
        ),
        "mute_nobody": (
            "No hay nadie más en la mesa a quien silenciar "
            "(/mute espectadores oculta la charla de los que miran)"
        ),
        "spectators_word": "espectadores",
        "spectators_name": "los espectadores",
        "spectators_muted": (
            "Ya no ves la charla de los espectadores (/unmute espectadores la vuelve a mostrar)"
        ),
        "spectators_unmuted": "Vuelves a ver la charla de los espectadores",
        "mute_spectators_refused": "No se ha cambiado el silencio de los espectadores: {reason}",
        "mute_done": "Ya no ves la charla de {name} (/unmute {name} la vuelve a mostrar)",
        "unmute_done": "Vuelves a ver la charla de {name}",
        "mute_refused": "No se ha cambiado el silencio de {name}: {reason}",
        "mute_self": "No puedes silenciarte: tu propia charla nunca se te oculta",
        "muted_known": "Tienes oculta la charla de {names} (/unmute NOMBRE la vuelve a mostrar)",
        "phrase_hello": "¡Hola!",
        "phrase_good_luck": "¡Suerte!",
        "phrase_well_played": "¡Bien jugado!",
        "phrase_thanks": "¡Gracias!",
        "phrase_sorry": "¡Perdón!",
        "phrase_oops": "¡Uy!",
        "phrase_hurry": "Date prisa, por favor",
        "phrase_good_game": "¡Buena partida!",
        "phrase_rematch": "¿Revancha?",
        "phrase_bye": "¡Adiós!",
        "quit_title": "¿Quieres salir?",
        "quit_hint": "Pulsa {keys} para salir",
        "bad_name": (
            "el nombre {name!r} no vale: de 3 a 20 letras de un mismo alfabeto, cifras, "
            "'_', '-', '.' o espacios sueltos, empezando y acabando en letra o cifra"
        ),
        "bad_code": "el código {code!r} no vale: 6 letras o cifras (sin I, O, 0 ni 1)",
        "name_refused": "el servidor no acepta el nombre {name!r}",
        "password_prompt": "Contraseña de {name}: ",
        "no_password": "falta la contraseña (escríbela o ponla en CUATROLA_PASSWORD)",
        "login_failed": "contraseña incorrecta o jugador desconocido: {name!r}",
        "name_registered": "el nombre {name!r} ya está registrado",
        "bad_password": "la contraseña no vale: de 8 a 128 caracteres",
        "password_rate_limited": "demasiados intentos de contraseña: espera un poco",
        "compass_south": "Sur",
        "compass_east": "Este",
        "compass_north": "Norte",
        "compass_west": "Oeste",
        "level_easy": "fácil",
        "level_medium": "medio",
        "level_hard": "difícil",
        "level_expert": "experto",
        "watch_computer": "{position} (máquina, {level})",
        "watch_team_0": "Sur-Norte",
        "watch_team_1": "Este-Oeste",
        "watch_empty_seat": "{position} (libre)",
        "watch_lobby_title": "Mesas abiertas",
        "watch_lobby_empty": "Ahora no hay mesas públicas (la lista se actualiza sola)",
        "watch_lobby_keys": "↑/↓: elegir · Intro: mirar la mesa · q: salir",
        "watch_status_open": "esperando jugadores",
        "watch_status_playing": "jugando",
        "watch_watching": "Mirando la mesa {table} · q: salir",
        "watch_no_hand": "Eres espectador: no ves las cartas de nadie",
        "watch_choose": "Elige una mesa para mirar…",
        "watch_match_winner": "Ganan la partida {team}",
        "analysis_title": "Análisis de tus decisiones",
        "analysis_working": "Analizando tus decisiones…",
        "analysis_accuracy": "Precisión: {accuracy}% ({scored} decisiones con opciones)",
        "analysis_none": "No tuviste ninguna decisión con opciones.",
        "analysis_all_best": "Todas tus decisiones fueron las del experto.",
        "analysis_line": "{where}: {chosen}; el experto: {best}; coste {cost}",
        "analysis_where_bid": "Subasta",
        "analysis_where_trick": "Baza {trick}",
        "analysis_unit_points": "{value} puntos",
        "analysis_unit_tricks": "{value} bazas",
        "analysis_unit_match": "{value} % de opciones de ganar la partida",
        "analysis_unit_game": "{value} puntos de juego",
        "analysis_mark_inaccuracy": "imprecisión",
        "analysis_mark_mistake": "error",
        "analysis_mark_blunder": "error grave",
        "analysis_cante": "cantar en {suit}",
        "analysis_nocante": "no cantar",
        "analysis_match_title": "Análisis de tus decisiones en la partida",
        "analysis_match_working": "El servidor analiza la partida…",
        "analysis_hand": "Mano {number},",
    },
    "en": {
        "trump_word": "Trump",
        "help_hint": "? help",
        "you_played": "You play {card}",
        "you_sang": "You sing {points} in {suit}",
        "you_no_sing": "You do not sing",
        "you_won_trick": "You win the trick ({points} points)",
        "you_bid": "You: {bid}",
        "seat_south": "You",
        "seat_east": "East",
        "seat_north": "North (partner)",
        "seat_west": "West",
        "team_us": "Us",
        "team_them": "Them",
        "suit_0": "oros (coins)",
        "suit_1": "copas (cups)",
        "suit_2": "espadas (swords)",
        "suit_3": "bastos (clubs)",
        "bid_pass": "Pass",
        "bid_solo": "Solo",
        "bid_cuatrola": "Cuatrola",
        "bid_quintola": "Quintola",
        "contract_plain": "plain hand (all passed)",
        "status_line": "{rules} · {hand} · {us} {score_us} – {score_them} {them}",
        "rules_exact": "to exactly {n}",
        "rules_first_to": "first to {n}",
        "rules_hands": "{n} hands",
        "rules_no_quintola": "{rules}, no quintola",
        "hand_number": "hand {hand}",
        "hand_of": "hand {hand} of {hands}",
        "dealer": "dealer",
        "mano": "mano",
        "sits_out": "sits out",
        "your_turn_bid": "Your bid:",
        "your_turn_play": "Your turn: play a card ({keys}, or ←/→ and Enter)",
        "your_turn_cante": "Sing?",
        "cante_answered": "Answer sent (you may change it):",
        "cante_window": "Cantes after the trick…",
        "waiting_for": "Waiting for {seat}…",
        "cantes_title": "Cantes",
        "tricks_title": "Tricks",
        "no_cantes": "none",
        "cante_entry": "{seat}: {points} in {suit}",
        "tricks_entry": "{team}: {points} points, {tricks}",
        "trick_count_1": "1 trick",
        "trick_count_n": "{n} tricks",
        "contract_line": "Contract: {contract} ({seat})",
        "last_trick": "Last trick (won by {seat})",
        "last_trick_you": "Last trick (you won it)",
        "sing": "Sing {points} in {suit}",
        "no_sing": "Don't sing",
        "seat_bid": "{seat}: {bid}",
        "seat_played": "{seat} plays {card}",
        "seat_sang": "{seat} sings {points} in {suit}",
        "seat_no_sing": "{seat} does not sing",
        "trick_won": "{seat} wins the trick ({points} points)",
        "new_hand": "New hand: {dealer} deals, trump {suit}",
        "new_hand_you": "New hand: you deal, trump {suit}",
        "illegal": "You cannot do that now: {reason}",
        "not_legal_card": "That card cannot be played now",
        "not_legal_because": "That card cannot be played: {reason}",
        "reason_follow_suit": "you must follow the led suit ({suit})",
        "reason_follow_suit_beat": (
            "you must follow the led suit ({suit}) and beat its highest card if you can"
        ),
        "reason_over_trump": "you must beat the highest trump on the table ({suit})",
        "reason_must_trump": "you hold none of the led suit: you must trump ({suit})",
        "summary_title": "Hand over",
        "summary_contract": "Contract: {contract}",
        "summary_points": "{team}: {points} points, {tricks}",
        "summary_breakdown": "  {cards} in cards + {last} for the last trick + {cantes} in cantes",
        "summary_cantes": "Cantes: {cantes}",
        "summary_dead": "Dead hand of {seat}: {cards}",
        "summary_dead_you": "Dead hand: you, {cards}",
        "summary_winner": "{team} win: +{points} (score {us} – {them})",
        "summary_winner_us": "We win: +{points} (score {us} – {them})",
        "summary_winner_them": "They win: +{points} (score {us} – {them})",
        "summary_made": "{seat} makes the {contract}",
        "summary_failed": "{seat} fails the {contract}",
        "summary_you_made": "You make the {contract}",
        "summary_you_failed": "You fail the {contract}",
        "press_enter": "Press Enter to continue",
        "summary_your_turn": "Your turn in the next hand: Enter to go back to the table",
        "summary_closes_at": "At {seconds} s left it closes by itself; the summary goes to the log",
        "summary_closed_for_turn": "Your turn: the hand's summary is just above",
        "help_your_turn": "Your turn: Enter to go back to the table",
        "help_closes_at": "At {seconds} s left it closes by itself",
        "help_closed_for_turn": "Your turn: the help closed by itself (? opens it after your move)",
        "help_not_now": "Only {seconds} s left to move: the help opens after your move",
        "match_over_title": "Match over",
        "match_won": "Your team wins the match!",
        "match_lost": "The other team wins the match.",
        "match_final": "Final score: {us} {score_us} – {score_them} {them} after {hands} hands",
        "match_quit": "Enter or Esc: leave · r: play again",
        "help_title": "Help",
        "help_body": (
            "Keys\n"
            "  1-5        play the card in that position\n"
            "  ← →        move the cursor; Enter plays or chooses\n"
            "  p s c q    bid: pass, solo, cuatrola, quintola\n"
            "  o c e b    sing in oros, copas, espadas or bastos\n"
            "  n          do not sing\n"
            "  r          play again, on the match-over panel\n"
            "  ↑ ↓ PgUp PgDn Home End  scroll the hand summary or the match-over panel; "
            "at the table, the log\n"
            "  a          seat a computer player at your private table (online, before it starts)\n"
            "  t          chat with the table (online): Enter sends, Esc cancels\n"
            "             /mute NAME hides a person's chat; /unmute NAME shows it again\n"
            "             /mute spectators hides the chat of everybody watching\n"
            "  ↑ ↓ Enter  watching (--mode watch): pick a table from the list; q: leave\n"
            "  l          switch language (Spanish / English)\n"
            "  ?          this help (Esc to close); online, on your turn it closes by itself "
            "with 10 s of your time left, and does not open with less\n"
            "  Ctrl+Q     quit\n"
            "\n"
            "Cards: A as (ace), 3 tres, R rey (king), C caballo (knight), S sota (jack).\n"
            "Suits: ♦ oros (yellow), ♥ copas (red), ♠ espadas (blue), ♣ bastos (green).\n"
            "Cards you may play are bold; the others are dimmed and struck through.\n"
            "Your partner sits across (North). Play goes to the right.\n"
            "\n"
            "Rules\n"
            # One line per rule: the help wraps each with a hanging indent at any width.
            "  20 cards, 5 each. The dealer's last card is shown: its suit is trump.\n"
            "  Order and points: A 11 · 3 10 · R 4 · C 3 · S 2. The last trick is worth 10 more.\n"
            "  Bids, from the mano to the dealer: pass, solo (1 game point when all pass, 2 for "
            "a solo), cuatrola (4 tricks, 4), quintola (5 tricks, 5). The bidder's partner "
            "sits out.\n"
            "  In a match to exactly N, nobody may bid what would take his team past N: that "
            "is why a cuatrola or quintola is sometimes not offered.\n"
            "  Follow suit and beat the highest card of it if you can (once someone has trumped "
            "the trick, following is enough); void, trump (over-trump a trump already "
            "played) if you can.\n"
            "  Rey and caballo of one suit: a cante of 20, 40 in trump, after a trick won by "
            "your team (the 1st to the 3rd); not in a cuatrola or quintola.\n"
            "  In a plain hand or a solo, the side with more points wins the hand; a tie goes "
            "to the mano's team."
        ),
        "note_level_fallback": "Level {level} is not available yet: you play against {used}.",
        "online_connecting": "Connecting to {server}…",
        "online_waiting": "Waiting for players at table {table}…",
        "quick_looking": "Looking for players…",
        "quick_waiting": "Looking for players… {n} of 4 ready",
        "quick_waiting_fill": "Looking for players… {n} of 4 ready · computers fill in {seconds} s",
        "online_reconnecting": "Connection lost; reconnecting…",
        "online_lost": "the connection was lost and could not be restored",
        "online_error": "Server error: {message}",
        "online_code": "Private table code: {code}",
        "online_add_bot": "a: add a computer player",
        "online_timer": "⏱ {seconds} s",
        "new_match": "New match",
        "bot_error": "{seat}'s computer player failed ({reason}); it makes the first legal move",
        "online_gone": "{seat} disconnected",
        "online_back": "{seat} is back",
        "seat_offline": "offline",
        "seat_free": "free",
        "seat_computer": "computer",
        "online_rematch_wait": "Waiting for the others to accept the rematch…",
        "online_next_hand": "Waiting for the next hand…",
        "online_auto": "(your time ran out: the computer played for you)",
        "online_failed": "Cannot connect to {server}: {reason}",
        "online_refused": "the server refused: {reason}",
        "refused_no_table": "no open table {table!r}",
        "refused_no_code": "no table with code {code}",
        "refused_private": "table {table!r} is private: it cannot be watched",
        "refused_full": "the table is full: every seat is taken",
        "online_reconnected": "Connection restored",
        "chat_placeholder": "Chat: Enter sends · Esc cancels · ↑/↓ quick phrases · /mute NAME",
        "chat_line": "{name}: {text}",
        "chat_offline": "Offline there is nobody to chat with (t chats online)",
        "chat_no_table": "You can chat once you are at a table",
        "chat_refused": "Chat line not sent: {reason}",
        "chat_too_fast": "too many lines in a row; wait a moment",
        "chat_invalid": "a chat line is one line of 1 to {limit} characters",
        "chat_forbidden": "only those who play or watch at the table may chat",
        "chat_lost": "no connection to the server",
        "chat_full": "A chat line holds at most {limit} characters: no more fits",
        "chat_kept": "Your half-typed chat line is kept: t to go on typing it",
        "chat_unknown_command": "Unknown command {command}: /mute NAME, /unmute NAME",
        "mute_who": (
            "Whom? /mute and /unmute take the name of a person at the table: {names} "
            "(or spectators: everybody watching)"
        ),
        "mute_nobody": (
            "There is nobody else at the table to mute "
            "(/mute spectators hides the chat of everybody watching)"
        ),
        "spectators_word": "spectators",
        "spectators_name": "the spectators",
        "spectators_muted": "The spectators' chat is hidden (/unmute spectators shows it again)",
        "spectators_unmuted": "The spectators' chat is shown again",
        "mute_spectators_refused": "The spectators' chat was not muted or unmuted: {reason}",
        "mute_done": "{name}'s chat is hidden (/unmute {name} shows it again)",
        "unmute_done": "{name}'s chat is shown again",
        "mute_refused": "{name}'s chat was not muted or unmuted: {reason}",
        "mute_self": "You cannot mute yourself: your own chat is never hidden from you",
        "muted_known": "You have the chat of {names} hidden (/unmute NAME shows it again)",
        "phrase_hello": "Hello!",
        "phrase_good_luck": "Good luck!",
        "phrase_well_played": "Well played!",
        "phrase_thanks": "Thanks!",
        "phrase_sorry": "Sorry!",
        "phrase_oops": "Oops!",
        "phrase_hurry": "Hurry up, please",
        "phrase_good_game": "Good game!",
        "phrase_rematch": "Rematch?",
        "phrase_bye": "Bye!",
        "quit_title": "Do you want to quit?",
        "quit_hint": "Press {keys} to quit",
        "bad_name": (
            "the name {name!r} will not do: 3 to 20 letters of one alphabet, digits, '_', "
            "'-', '.' or single spaces, starting and ending with a letter or digit"
        ),
        "bad_code": "the code {code!r} will not do: 6 letters or digits (no I, O, 0 or 1)",
        "name_refused": "the server does not accept the name {name!r}",
        "password_prompt": "Password for {name}: ",
        "no_password": "no password (type it, or set CUATROLA_PASSWORD)",
        "login_failed": "wrong password or unknown player: {name!r}",
        "name_registered": "the name {name!r} is already registered",
        "bad_password": "the password will not do: 8 to 128 characters",
        "password_rate_limited": "too many password attempts: wait a little",
        "compass_south": "South",
        "compass_east": "East",
        "compass_north": "North",
        "compass_west": "West",
        "level_easy": "easy",
        "level_medium": "medium",
        "level_hard": "hard",
        "level_expert": "expert",
        "watch_computer": "{position} (computer, {level})",
        "watch_team_0": "South-North",
        "watch_team_1": "East-West",
        "watch_empty_seat": "{position} (free)",
        "watch_lobby_title": "Open tables",
        "watch_lobby_empty": "No public tables right now (the list updates by itself)",
        "watch_lobby_keys": "↑/↓: choose · Enter: watch the table · q: leave",
        "watch_status_open": "waiting for players",
        "watch_status_playing": "playing",
        "watch_watching": "Watching table {table} · q: leave",
        "watch_no_hand": "You are a spectator: you see nobody's cards",
        "watch_choose": "Choose a table to watch…",
        "watch_match_winner": "{team} win the match",
        "analysis_title": "Analysis of your decisions",
        "analysis_working": "Analysing your decisions…",
        "analysis_accuracy": "Accuracy: {accuracy}% ({scored} decisions with a choice)",
        "analysis_none": "You had no decision with a choice.",
        "analysis_all_best": "Every decision of yours was the expert's.",
        "analysis_line": "{where}: {chosen}; the expert: {best}; cost {cost}",
        "analysis_where_bid": "Bidding",
        "analysis_where_trick": "Trick {trick}",
        "analysis_unit_points": "{value} points",
        "analysis_unit_tricks": "{value} tricks",
        "analysis_unit_match": "{value}% chance to win the match",
        "analysis_unit_game": "{value} game points",
        "analysis_mark_inaccuracy": "inaccuracy",
        "analysis_mark_mistake": "mistake",
        "analysis_mark_blunder": "blunder",
        "analysis_cante": "sing in {suit}",
        "analysis_nocante": "no cante",
        "analysis_match_title": "Analysis of your decisions in the match",
        "analysis_match_working": "The server is analysing the match…",
        "analysis_hand": "Hand {number},",
    },
}


class Texts:
    """The catalogue for one language; call it with a key and the format fields.

    Raises:
        ValueError: (on construction) for a language not in :data:`LANGUAGES`.
    """

    __slots__ = ("lang",)

    def __init__(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"expected a language {' or '.join(LANGUAGES)}, got {lang!r}")
        self.lang = lang

    def __call__(self, key: str, **fields: object) -> str:
        """The text for ``key`` with ``fields`` filled in (a missing key raises ``KeyError``)."""
        return CATALOG[self.lang][key].format(**fields)

    def other(self) -> Texts:
        """The catalogue of the other language (the ``l`` key toggles between them)."""
        return Texts(LANGUAGES[(LANGUAGES.index(self.lang) + 1) % len(LANGUAGES)])
