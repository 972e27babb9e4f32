import CSDL2
import CSDL2TTF
import CSDL2Image
func _probe() -> Int32 { TTF_Init() + IMG_Init(0) + SDL_Init(0) }
