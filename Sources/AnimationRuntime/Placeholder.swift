import CRlottie
func _probe() { _ = lottie_animation_from_data(nil, nil, nil) }
